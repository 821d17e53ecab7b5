// Small DOM helpers: elements are built with createElement and textContent only,
// so text from players (nicknames) is never parsed as HTML.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  node.append(...flat(children));
  return node;
}

export function setAttrs(node, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = String(value);
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
}

export function flat(children) {
  return children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (typeof c === "number" ? String(c) : c));
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

export function show(node, visible) {
  node.hidden = !visible;
}

export function param(name) {
  return new URLSearchParams(location.search).get(name);
}
