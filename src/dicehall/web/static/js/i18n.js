// Message catalogs (i18n/*.json) and the language menu. Static text carries
// data-i18n="key" (and data-i18n-placeholder / -title / -aria-label); code calls
// t("key", {name: value}). The choice is remembered in localStorage.

export const LANGUAGES = { en: "English", de: "Deutsch", sv: "Svenska", zh: "中文" };
const STORE = "dicehall.lang";
const ATTRIBUTES = ["placeholder", "title", "aria-label"];
let fallback = {};
let catalog = {};
const listeners = [];

async function load(code) {
  const response = await fetch(new URL(`../i18n/${code}.json`, import.meta.url));
  return response.ok ? response.json() : {};
}

export function t(key, params = {}) {
  const text = catalog[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// A translated word for a free value (a colour word of a board): the catalog's
// entry "prefix.value" where there is one, else the value itself.
export function word(prefix, value) {
  const key = `${prefix}.${value}`;
  return key in fallback ? t(key) : String(value);
}

export function currentLanguage() {
  const stored = localStorage.getItem(STORE);
  if (stored in LANGUAGES) return stored;
  const browser = (navigator.language || "en").slice(0, 2);
  return browser in LANGUAGES ? browser : "en";
}

export function translate(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const attribute of ATTRIBUTES) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      node.setAttribute(attribute, t(node.getAttribute(`data-i18n-${attribute}`)));
    }
  }
}

export async function setLanguage(code) {
  catalog = code === "en" ? fallback : await load(code);
  localStorage.setItem(STORE, code);
  document.documentElement.lang = code;
  translate();
  listeners.forEach((listener) => listener(code));
}

export function onLanguageChange(listener) {
  listeners.push(listener);
}

function bindMenu(code) {
  const menu = document.getElementById("lang");
  if (!menu) return;
  menu.replaceChildren(...Object.entries(LANGUAGES).map(([value, name]) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = name;
    return option;
  }));
  menu.value = code;
  menu.addEventListener("change", () => setLanguage(menu.value));
}

export async function initI18n() {
  fallback = await load("en");
  const code = currentLanguage();
  bindMenu(code);
  await setLanguage(code);
}
