// The "Rules" link in the table page's header (#rules-link): it opens
// rules.html for the table's game. Loaded by table.html on its own, so the
// table's own modules need not know about it.

import { api } from "./api.js";
import { $, param } from "./dom.js";

async function main() {
  const link = $("#rules-link");
  const id = param("id");
  if (!link || !id) return;
  try {
    const table = await api.table(id, param("invite"));
    link.href = `rules.html?game=${encodeURIComponent(table.game)}`;
    link.hidden = false;
  } catch {
    // no such table: the table page says so; the link stays hidden
  }
}

main();
