/**
 * An island's props, from its marker element (DESIGN: Islands): `data-props` holds a JSON
 * object, each `data-prop-<name>` one JSON value (or plain text when it is not JSON, so a
 * template can write `data-prop-design="slideshow"`) under the camelCase of `<name>`, and a
 * child `<script type="application/json">` a JSON object. Later sources win key by key.
 */
export function islandProps(el: HTMLElement): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  const script = Array.from(el.children).find((c) => c.tagName === 'SCRIPT' && (c as HTMLScriptElement).type === 'application/json');
  if (script) Object.assign(props, parseObject(script.textContent ?? '', el));
  const whole = el.getAttribute('data-props');
  if (whole) Object.assign(props, parseObject(whole, el));
  for (const attr of Array.from(el.attributes)) {
    if (!attr.name.startsWith('data-prop-')) continue;
    props[camelCase(attr.name.slice('data-prop-'.length))] = parseOrText(attr.value);
  }
  return props;
}

function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

function parseValue(text: string, el: HTMLElement): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`island ${el.dataset.island}: props are not JSON`);
  }
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function parseObject(text: string, el: HTMLElement): Record<string, unknown> {
  const value = parseValue(text, el);
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`island ${el.dataset.island}: props must be a JSON object`);
  return value as Record<string, unknown>;
}
