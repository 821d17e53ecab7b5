// Telling a player it is their turn: the tab title ("● Your turn — Dicehall")
// and the favicon change colour; a short beep (Web Audio, off by default,
// #sound) and a browser notification while the tab is hidden (#notify, asks
// permission when switched on). Both toggles are remembered in localStorage.
// And #notice: a brief announcement (a timeout) that fades out.

import { $ } from "./dom.js";
import { t } from "./i18n.js";

const SOUND = "dicehall.sound";
const NOTIFY = "dicehall.notify";
const COLOURS = { turn: "#f9a825", idle: "#9e9e9e", over: "#1565c0" };
let audio = null;
let wasTurn = false;
let noticeTimer = null;

function icon(colour, dot) {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='1' y='1' width='14' height='14' rx='3' fill='${colour}'/>`
    + `<circle cx='5' cy='5' r='1.6' fill='#fff'/><circle cx='11' cy='11' r='1.6' fill='#fff'/>${dot ? "<circle cx='8' cy='8' r='1.6' fill='#fff'/>" : ""}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function beep() {
  try {
    audio = audio ?? new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.3);
  } catch {
    // no audio here: the title and favicon still tell
  }
}

function notify(title) {
  if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
  try {
    const note = new Notification(t("notify.turn_title"), { body: t("notify.turn_body", { title }), tag: "dicehall-turn" });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch {
    // some browsers only notify from a service worker
  }
}

// state: "your-turn", "over" or anything else; title: the table's title.
export function attention(state, title) {
  const turn = state === "your-turn";
  document.title = turn ? t("notify.tab_turn") : t("notify.tab", { title: title || "Dicehall" });
  const favicon = $("#favicon");
  const colour = turn ? COLOURS.turn : state === "over" ? COLOURS.over : COLOURS.idle;
  if (favicon && favicon.dataset.colour !== colour) {
    favicon.href = icon(colour, turn);
    favicon.dataset.colour = colour;
  }
  document.documentElement.dataset.turn = turn ? "true" : "false";
  if (turn && !wasTurn) {
    if (localStorage.getItem(SOUND) === "on") beep();
    if (localStorage.getItem(NOTIFY) === "on") notify(title);
  }
  wasTurn = turn;
}

export function bindToggles(onError) {
  const sound = $("#sound");
  sound.checked = localStorage.getItem(SOUND) === "on";
  sound.addEventListener("change", () => {
    localStorage.setItem(SOUND, sound.checked ? "on" : "off");
    if (sound.checked) beep(); // the click lets the page play sound, and lets the player hear it
  });
  bindNotifyBox($("#notify"), NOTIFY, onError);
}

// An opt-in box for browser notifications, its choice kept under `key`:
// the browser's permission is asked only when the box is ticked.
export function bindNotifyBox(box, key, onError) {
  const supported = "Notification" in window;
  box.disabled = !supported;
  box.checked = supported && localStorage.getItem(key) === "on" && Notification.permission === "granted";
  box.addEventListener("change", async () => {
    if (!box.checked) {
      localStorage.setItem(key, "off");
      return;
    }
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    box.checked = answer === "granted";
    localStorage.setItem(key, box.checked ? "on" : "off");
    if (!box.checked) onError(new Error(t("notify.denied")));
  });
}

// A brief notice (role=status) that fades out by itself.
export function announce(text) {
  const node = $("#notice");
  node.textContent = text;
  node.hidden = false;
  node.classList.remove("fading");
  void node.offsetWidth; // restart the fade
  node.classList.add("fading");
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    node.hidden = true;
    node.classList.remove("fading");
  }, 6000);
}
