// A game's variant (a rated table's and a leaderboard's: "level=1",
// "edition=so-gut", "pieces=3,goal=2") in the reader's words: each option's
// named value where the catalogs have one (option.<game>.<option>.<value>),
// else the option's label and its value.

import { t } from "./i18n.js";

function known(key) {
  return t(key) !== key;
}

export function variantLabel(game, variant) {
  if (!variant) return "";
  return variant.split(",").map((part) => {
    const [option, value = ""] = part.split("=");
    const named = `option.${game}.${option}.${value}`;
    if (known(named)) return t(named);
    const label = `option.${game}.${option}`;
    return t("variant.part", { option: known(label) ? t(label) : option, value });
  }).join(" · ");
}
