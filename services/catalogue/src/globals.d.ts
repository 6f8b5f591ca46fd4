// The WHATWG URL and TextDecoder classes exist in every runtime this package runs in (Node and
// browsers); this package compiles without DOM or Node types, so it declares the parts it uses.
declare class URL {
  constructor(input: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  toString(): string;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}
