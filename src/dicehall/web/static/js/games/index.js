// The drawing module of each game. Every module exports:
//   multi                    true when an action is built from several picked boxes
//   targets(action)          the field or box names an action json points at
//   matches(action, sel)     whether an action fits the selected dice
//   dice(layout, view, ctx)  the dice in the middle, as buttons or spans
//   sheets(layout, view, ctx) figures with one SVG per sheet (or the ring)
//   extras(layout, view, seat) a player's extra line (wheel, jokers, flags) or null
// and may export:
//   info(layout, view, ctx)  the game's counters for #game-info (round, draft,
//                            start and active player, progress, bonuses taken):
//                            a list of {key, label, value} shown as a <dl>;
//                            ctx.name(seat) is a seat's name
//   actionLabel(action)      {text, title}: the words for an action's button
//                            (else its notation)
//   targetSize(layout)       the smallest pickable field's width in SVG user
//                            units: on a phone the own sheet is drawn so that
//                            it is at least 44 CSS px (panned when wider)

import * as dizzle from "./dizzle.js";
import * as nochmal from "./nochmal.js";
import * as razzle from "./razzle.js";

const GAMES = { dizzle, nochmal, razzle };

export function gameModule(name) {
  return GAMES[name];
}
