import { Input, type InputProps } from "antd";

/**
 * An amount in yuan, typed as text: the value stays a string (checked with the contracts' yuan
 * schemas, cleaned with cleanAmount) and never goes through a float; phones show a decimal keypad.
 */
export function YuanInput(props: InputProps) {
  return <Input prefix="¥" inputMode="decimal" autoComplete="off" maxLength={20} {...props} />;
}
