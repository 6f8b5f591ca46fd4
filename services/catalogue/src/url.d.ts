// The WHATWG URL class exists in every runtime this package runs in (Node and browsers); this
// package compiles without DOM or Node types, so it declares the part it uses.
declare class URL {
  constructor(input: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  toString(): string;
}
