// i18next with one namespace: each JSON file under zh-CN/ and en-US/ becomes the top-level key of
// its file name, so `auth.json` → `auth.login.title`. Both locales are loaded together, so switching
// language never waits on the network. The login page's files (common, errors, auth)
// are bundled; the others load with the first page that needs them (loadTexts), which keeps them
// out of the login page's first download.
import type { Locale } from "@skyledger/contracts";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";

type Tree = { [key: string]: string | Tree };

const zhFiles = import.meta.glob<Tree>("./zh-CN/{common,errors,auth}.json", {
  eager: true,
  import: "default",
});
const enFiles = import.meta.glob<Tree>("./en-US/{common,errors,auth}.json", {
  eager: true,
  import: "default",
});
const laterFiles = import.meta.glob<Tree>(["./*/*.json", "!./*/{common,errors,auth}.json"], {
  import: "default",
});

function bundle(files: Record<string, Tree>): Tree {
  const out: Tree = {};
  for (const [file, tree] of Object.entries(files)) {
    const name = file
      .split("/")
      .pop()!
      .replace(/\.json$/, "");
    out[name] = tree;
  }
  return out;
}

export const LANGUAGE_STORAGE_KEY = "skyledger.lang";
export const DEFAULT_LANGUAGE: Locale = "zh-CN";

export function storedLanguage(): Locale {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return value === "en-US" || value === "zh-CN" ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

// dayjs follows the language too, from lib/format.ts: only the pages that show dates load it.
function applySideEffects(lng: Locale) {
  if (globalThis.document) globalThis.document.documentElement.lang = lng;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    "zh-CN": { translation: bundle(zhFiles) },
    "en-US": { translation: bundle(enFiles) },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ["zh-CN", "en-US"],
  interpolation: { escapeValue: false },
  initAsync: false,
});
applySideEffects(currentLanguage());

export function currentLanguage(): Locale {
  return i18n.language === "en-US" ? "en-US" : "zh-CN";
}

/** Switches the UI language and remembers it for the next visit. */
export async function setLanguage(lng: Locale): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Not persisted in private modes; the switch still applies to this tab.
  }
  await i18n.changeLanguage(lng);
  applySideEffects(lng);
}

let laterTexts: Promise<void> | null = null;

/** Adds the texts beyond the login page's (both locales); resolves at once when already there. */
export function loadTexts(): Promise<void> {
  laterTexts ??= Promise.all(
    Object.entries(laterFiles).map(async ([file, load]) => {
      const match = /\/(zh-CN|en-US)\/(\w+)\.json$/.exec(file);
      if (!match) return;
      i18n.addResourceBundle(match[1]!, "translation", { [match[2]!]: await load() }, true, true);
    }),
  )
    .then(() => undefined)
    .catch((error: unknown) => {
      // A failed chunk may succeed on the next attempt.
      laterTexts = null;
      throw error;
    });
  return laterTexts;
}
