import { CheckCircleFilled, CloseCircleOutlined } from "@ant-design/icons";
import {
  checkPassword,
  PASSWORD_SPECIALS,
  type PasswordPolicy,
  type PasswordProblem,
} from "@skyledger/contracts";
import { useTranslation } from "react-i18next";

const RULES: readonly PasswordProblem[] = ["length", "letter", "digit", "special", "charset", "distinct"];
// Only a tenant's policy can ask for both letter cases; the rule is listed when it applies.
const WITH_MIXED_CASE: readonly PasswordProblem[] = [
  "length",
  "letter",
  "mixedCase",
  "digit",
  "special",
  "charset",
  "distinct",
];

type Props = { password: string; policy: PasswordPolicy };

/** The live checklist under a new-password field; the same check the server runs. */
export function PasswordRules({ password, policy }: Props) {
  const { t } = useTranslation();
  const problems = new Set(checkPassword(password, policy));
  const params = {
    min: policy.minLength,
    max: policy.maxLength,
    distinct: policy.minDistinct,
    specials: PASSWORD_SPECIALS,
  };
  return (
    <ul
      aria-label={t("password.rules.title")}
      aria-live="polite"
      data-testid="password-rules"
      style={{ listStyle: "none", padding: 0, margin: "4px 0 12px", fontSize: 13 }}
    >
      {(policy.requireMixedCase ? WITH_MIXED_CASE : RULES).map((rule) => {
        const ok = password.length > 0 && !problems.has(rule);
        return (
          <li
            key={rule}
            data-testid={`password-rule-${rule}`}
            data-state={ok ? "ok" : "fail"}
            style={{
              color: ok ? "#389e0d" : "rgba(0,0,0,0.55)",
              display: "flex",
              gap: 6,
              alignItems: "center",
            }}
          >
            {ok ? <CheckCircleFilled aria-hidden /> : <CloseCircleOutlined aria-hidden />}
            <span>{t(`password.rules.${rule}`, params)}</span>
            <span className="sr-only">{t(ok ? "password.rules.met" : "password.rules.unmet")}</span>
          </li>
        );
      })}
    </ul>
  );
}
