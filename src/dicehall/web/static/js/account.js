// The lobby's account area (#account, docs/web.md "Accounts"): a guest's
// nickname with the forms to log in, register and recover with the code;
// once logged in the account's name, a password change, logging out (here or
// everywhere). A new recovery code (registration, recovery) is shown once,
// until its owner says it is written down. Refusals are told in words
// (errors.js) next to the form; nothing fails silently.

import { account, api } from "./api.js";
import { $ } from "./dom.js";
import { errorParagraph } from "./errors.js";
import { t } from "./i18n.js";

const FORMS = ["login-form", "register-form", "recover-form", "password-form"];

function say(error) {
  const box = $("#account-messages");
  if (!error) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.replaceChildren(errorParagraph(error));
  box.hidden = false;
}

function notice(key) {
  const node = $("#account-notice");
  node.hidden = !key;
  node.textContent = key ? t(key, { name: account() ?? "" }) : "";
  node.dataset.key = key ?? "";
}

// Show one form (or none), its button marked expanded; focus its first field.
function showForm(id, focus = true) {
  for (const form of FORMS) {
    const node = $(`#${form}`);
    node.hidden = form !== id;
    const button = document.querySelector(`[aria-controls="${form}"]`);
    button?.setAttribute("aria-expanded", String(form === id));
    button?.classList.toggle("current", form === id);
  }
  if (id && focus) $(`#${id} input:not([hidden])`)?.focus();
}

function showRecovery(code) {
  $("#recovery-code").textContent = code ?? "";
  $("#recovery").hidden = !code;
  $("#recovery-copied").hidden = true;
  if (code) $("#recovery-done").focus();
}

export function renderAccount() {
  const name = account();
  const card = $("#account");
  card.dataset.state = name ? "member" : "guest";
  $("#guest-area").hidden = Boolean(name);
  $("#member-area").hidden = !name;
  $("#account-name").textContent = name ?? "";
  $("#password-username").setAttribute("value", name ?? ""); // kept by form.reset(): for password managers
  const open = FORMS.find((form) => !$(`#${form}`).hidden);
  if (name && open && open !== "password-form") showForm(null);
  if (!name && open === "password-form") showForm(null);
}

// A form's submit: the call, then what it tells; the button disabled meanwhile.
function onSubmit(id, call) {
  const form = $(`#${id}`);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    say(null);
    notice(null);
    button.disabled = true;
    form.setAttribute("aria-busy", "true");
    try {
      await call(form);
      form.reset();
    } catch (error) {
      say(error);
    } finally {
      button.disabled = false;
      form.removeAttribute("aria-busy");
    }
  });
}

function value(id) {
  return $(`#${id}`).value;
}

export function bindAccount({ onError }) {
  for (const button of document.querySelectorAll("#account [data-form]")) {
    button.addEventListener("click", () => {
      const id = button.dataset.form;
      say(null);
      showForm($(`#${id}`).hidden ? id : null);
    });
  }
  onSubmit("login-form", async () => {
    await api.login(value("login-name").trim(), value("login-password"));
    showForm(null);
    notice("account.welcome");
  });
  onSubmit("register-form", async () => {
    const answer = await api.register(value("register-name").trim(), value("register-password"));
    showForm(null);
    showRecovery(answer.recovery_code);
  });
  onSubmit("recover-form", async () => {
    const answer = await api.recover(value("recover-name").trim(), value("recover-code").trim(), value("recover-password"));
    showForm(null);
    showRecovery(answer.recovery_code);
    notice("account.recovered");
  });
  onSubmit("password-form", async () => {
    await api.changePassword(value("old-password"), value("new-password"));
    showForm(null);
    notice("account.password_changed");
  });
  const logout = async (everywhere) => {
    say(null);
    notice(null);
    try {
      await api.logout(everywhere);
      showRecovery(null);
      notice(everywhere ? "account.logged_out_everywhere" : "account.logged_out");
    } catch (error) {
      say(error);
    }
  };
  $("#logout").addEventListener("click", () => logout(false));
  $("#logout-everywhere").addEventListener("click", () => logout(true));
  $("#recovery-done").addEventListener("click", () => showRecovery(null));
  $("#copy-recovery").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("#recovery-code").textContent);
      $("#recovery-copied").hidden = false;
    } catch (error) {
      onError(new Error(t("account.copy_failed")));
    }
  });
}
