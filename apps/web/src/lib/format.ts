import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { currentLanguage, i18n } from "../i18n";

// dayjs (dates in tables, pickers, "x days") follows the interface language. It is set here rather
// than in i18n so the login page, which shows no dates, does not download dayjs.
export const dayjsLocale = (lng: string) => (lng === "en-US" ? "en" : "zh-cn");
dayjs.locale(dayjsLocale(currentLanguage()));
i18n.on("languageChanged", (lng) => {
  dayjs.locale(dayjsLocale(lng));
});

/** Timestamps are shown in the browser's time zone, to the second. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "-";
  const d = dayjs(value);
  return d.isValid() ? d.format("YYYY-MM-DD HH:mm:ss") : value;
}

export const dash = (value: string | null | undefined): string => (value ? value : "-");
