import { AUDIT_ACTIONS, AUDIT_CATEGORIES, auditActionKey } from "@skyledger/contracts";
import type { TFunction } from "i18next";

/** An action's label in the interface language; an action without one shows as recorded. */
export const actionLabel = (t: TFunction, action: string): string =>
  t(auditActionKey(action), { defaultValue: action });

export const categoryLabel = (t: TFunction, category: string): string =>
  t(`audit.category.${category}`, { defaultValue: category });

/**
 * The action filter's choices, grouped by category. The server matches a category prefix, so the
 * category's own value stands for "all of it" (and for the action of the same name).
 */
export function actionOptions(t: TFunction) {
  return AUDIT_CATEGORIES.map((category) => {
    const inCategory = AUDIT_ACTIONS.filter((a) => a === category || a.startsWith(`${category}.`));
    const whole =
      inCategory.length > 1
        ? t("audit.filters.allOfCategory", { category: categoryLabel(t, category) })
        : actionLabel(t, category);
    return {
      label: categoryLabel(t, category),
      title: category,
      options: [
        { value: category, label: whole },
        ...inCategory.filter((a) => a !== category).map((a) => ({ value: a, label: actionLabel(t, a) })),
      ],
    };
  });
}
