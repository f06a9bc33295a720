// How access-control objects are named on screen: built-in groups and sets by their key in the
// reader's language, custom ones by the name the tenant gave them; and who may change what.
import { LockOutlined } from "@ant-design/icons";
import type { PermissionCode } from "@skyledger/contracts";
import { Space, Tag, Tooltip } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../app/console/current-user-context";
import { UserData } from "../../components/user-data";
import { permissionName } from "../../lib/permission-names";
import type { IamRef } from "./iam-api";

export function groupName(ref: IamRef, t: TFunction): string {
  return ref.builtIn && ref.key ? t(`iam.builtInGroups.${ref.key}`, { defaultValue: ref.name }) : ref.name;
}

/** A group's description; built-in groups without one get the product's. */
export function groupDescription(group: IamRef & { description: string }, t: TFunction): string {
  if (group.description) return group.description;
  return group.builtIn && group.key
    ? t(`iam.builtInGroupDescriptions.${group.key}`, { defaultValue: "-" })
    : "-";
}

export function setName(ref: IamRef, t: TFunction): string {
  return ref.builtIn && ref.key ? t(`iam.builtInSets.${ref.key}`, { defaultValue: ref.name }) : ref.name;
}

/**
 * A group's or set's name, its description, as shown in a page: a built-in one's in the reader's
 * language, one a tenant gave as typed — marked as people's data (components/user-data.tsx).
 */
export function IamName({ of, kind }: { of: IamRef; kind: "group" | "set" }) {
  const { t } = useTranslation();
  const name = kind === "group" ? groupName(of, t) : setName(of, t);
  return of.builtIn && of.key ? <span>{name}</span> : <UserData>{name}</UserData>;
}

export function GroupDescription({ group }: { group: IamRef & { description: string } }) {
  const { t } = useTranslation();
  const text = groupDescription(group, t);
  return group.description ? <UserData>{text}</UserData> : <span>{text}</span>;
}

/** Permission codes as tags named in the reader's language; the code itself only on hover. */
export function CodeTags({ codes }: { codes: readonly string[] }) {
  const { i18n } = useTranslation();
  if (codes.length === 0) return <span>-</span>;
  return (
    <Space size={[4, 4]} wrap>
      {codes.map((code) => (
        <Tooltip key={code} title={code}>
          <Tag data-code={code}>{permissionName(code, i18n.language)}</Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** Whether the signed-in user holds `code` (the server checks again; this only hides buttons). */
export function useCan(code: PermissionCode): boolean {
  return useCurrentUser().permissions.includes(code);
}

export function SourceTag({ builtIn }: { builtIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={builtIn ? "blue" : "green"}>{t(builtIn ? "iam.source.builtIn" : "iam.source.custom")}</Tag>
  );
}

/** Tags naming groups or sets; `locked` marks those the user only inherits. */
export function RefTags({
  refs,
  kind,
  locked,
}: {
  refs: readonly IamRef[];
  kind: "group" | "set";
  locked?: boolean;
}) {
  const { t } = useTranslation();
  if (refs.length === 0) return <span>-</span>;
  const name = kind === "group" ? groupName : setName;
  return (
    <Space size={[4, 4]} wrap>
      {refs.map((ref) => (
        <Tag key={ref.id} icon={locked ? <LockOutlined /> : undefined}>
          {locked ? <Tooltip title={t("iam.user.inheritedHint")}>{name(ref, t)}</Tooltip> : name(ref, t)}
        </Tag>
      ))}
    </Space>
  );
}
