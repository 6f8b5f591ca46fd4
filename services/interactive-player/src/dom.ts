// Building the player's DOM: text is always set as text (the author's titles, questions and links
// never become markup), attributes through setAttribute, styles through the CSSOM (allowed by a
// Content-Security-Policy without inline style attributes).

type Child = Node | string | null | undefined | false;

export interface ElementProps {
  className?: string;
  testId?: string;
  attrs?: Record<string, string>;
  /** CSS properties set with style.setProperty. */
  style?: Record<string, string>;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: ElementProps = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  if (props.testId) element.setAttribute('data-testid', props.testId);
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  for (const [name, value] of Object.entries(props.style ?? {})) element.style.setProperty(name, value);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

let counter = 0;

/** An id unique in the page, for aria-labelledby and radio names. */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}
