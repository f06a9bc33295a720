// Pieces the operators' account tables share (`/sys/users`, `/sys/operators`): the person columns
// and an action link asking for confirmation first.
import { Button, Popconfirm } from "antd";
import type { ColumnType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { userDataCells, userDataColumn } from "../../components/user-data";
import { formatDateTime } from "../../lib/format";

type Person = { account: string; realName: string | null; email: string | null; mobile: string | null };

/** Account (fixed left), real name, e-mail and phone. */
export function personColumns<T extends Person>(t: TFunction): ColumnType<T>[] {
  return [
    { title: t("console.fields.account"), ...userDataCells, dataIndex: "account", fixed: "left", width: 140 },
    userDataColumn(t("console.fields.realName"), "realName"),
    userDataColumn(t("console.fields.email"), "email"),
    userDataColumn(t("console.fields.mobile"), "mobile", 140),
  ];
}

/** When the account was created and when it last signed in. */
export function accountTimeColumns<T extends { createdAt: string; lastLoginTime: string | null }>(
  t: TFunction,
): ColumnType<T>[] {
  return [
    { title: t("common.createdAt"), dataIndex: "createdAt", render: (v: string) => formatDateTime(v) },
    {
      title: t("console.fields.lastLoginTime"),
      dataIndex: "lastLoginTime",
      render: (v: string | null) => formatDateTime(v),
    },
  ];
}

/** A link button that runs `onConfirm` once the pop-up confirmation is accepted. */
export function ConfirmLink(props: {
  title: ReactNode;
  okText: ReactNode;
  cancelText: ReactNode;
  testId: string;
  onConfirm(): Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <Popconfirm
      title={props.title}
      okText={props.okText}
      cancelText={props.cancelText}
      onConfirm={() => props.onConfirm().catch(() => {})}
    >
      <Button type="link" size="small" data-testid={props.testId}>
        {props.children}
      </Button>
    </Popconfirm>
  );
}
