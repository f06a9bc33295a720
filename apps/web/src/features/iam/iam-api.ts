// Access-control calls (resource API `subuser`, `user_group`, `polices`) and their cache keys.
import type {
  IamRef,
  PermissionCatalogueItem,
  PermissionSetBody,
  PermissionSetRow,
  SubUserCreate,
  SubUserDetail,
  SubUserRow,
  UserGroupBody,
  UserGroupDetail,
  UserGroupRow,
} from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type {
  IamRef,
  PermissionCatalogueItem,
  PermissionSetRow,
  SubUserDetail,
  SubUserRow,
  UserGroupDetail,
  UserGroupRow,
};

const USERS = "/res/subuser";
const GROUPS = "/res/user_group";
const SETS = "/res/polices";
const at = (base: string, id: string, rest = "") => `${base}/${encodeURIComponent(id)}${rest}`;

export const iamKeys = {
  user: (id: string) => ["iam", "user", id] as const,
  group: (id: string) => ["iam", "group", id] as const,
  groupOptions: ["iam", "groupOptions"] as const,
  setOptions: ["iam", "setOptions"] as const,
  userOptions: ["iam", "userOptions"] as const,
  catalogue: ["iam", "catalogue"] as const,
};

/** Paths of the paged lists (see features/ops/use-paged-query). */
export const IAM_LISTS = { users: USERS, groups: GROUPS, sets: SETS } as const;

// Pickers read the first 200 entries: groups and sets of one tenant stay well below that.
const ALL = { pageNum: 1, pageSize: 200 };

export const fetchUser = (id: string) => api.get<SubUserDetail>(at(USERS, id));
export const fetchGroup = (id: string) => api.get<UserGroupDetail>(at(GROUPS, id));
export const fetchCatalogue = () => api.call(endpoints.permissionSets.codes);

export const useGroupOptions = (enabled = true) =>
  useQuery({
    queryKey: iamKeys.groupOptions,
    queryFn: () => api.call(endpoints.groups.list, { query: ALL }).then((p) => p.list),
    enabled,
  });

export const useSetOptions = (enabled = true) =>
  useQuery({
    queryKey: iamKeys.setOptions,
    queryFn: () => api.call(endpoints.permissionSets.list, { query: ALL }).then((p) => p.list),
    enabled,
  });

export const useUserOptions = (enabled = true) =>
  useQuery({
    queryKey: iamKeys.userOptions,
    queryFn: () => api.call(endpoints.users.list, { query: ALL }).then((p) => p.list),
    enabled,
  });

// Users
/** Whether a user name, e-mail or phone is taken, for the user forms (the caller manages users). */
export const userValueTaken = (field: "account" | "email" | "mobile", value: string) =>
  api.call(endpoints.users.exists, { query: { field, value } });
export const createUser = (body: SubUserCreate) => api.call(endpoints.users.create, { body: body });
export const updateUser = (id: string, body: { realName: string; email: string; mobile: string }) =>
  api.put(at(USERS, id), body);
export const setUserStatus = (id: string, action: "enable" | "disable") =>
  api.post(at(USERS, id, `/${action}`));
export const unlockUser = (id: string) => api.post(at(USERS, id, "/unlock"));
export const resetUserPassword = (id: string) =>
  api.post<{ password: string; smsSent: boolean }>(at(USERS, id, "/reset_password"));
export const deleteUser = (id: string) => api.del(at(USERS, id));
export const setUserGroups = (id: string, groupIds: string[], confirmLastGroup: boolean) =>
  api.put(at(USERS, id, "/groups"), { groupIds, confirmLastGroup });
export const grantUserSet = (id: string, permissionSetId: string) =>
  api.post(at(USERS, id, "/polices"), { permissionSetId });
export const revokeUserSet = (id: string, permissionSetId: string) =>
  api.del(at(USERS, id, "/polices"), { query: { permissionSetId } });

// Groups
export const createGroup = (body: UserGroupBody & { permissionSetIds: string[] }) =>
  api.call(endpoints.groups.create, { body: body });
export const updateGroup = (id: string, body: UserGroupBody) => api.put(at(GROUPS, id), body);
export const deleteGroup = (id: string) => api.del(at(GROUPS, id), { query: { confirmLastGroup: true } });
export const addGroupMembers = (id: string, userIds: string[]) =>
  api.post(at(GROUPS, id, "/members"), { userIds });
export const removeGroupMember = (id: string, userSid: string, confirmLastGroup: boolean) =>
  api.del(at(GROUPS, id, `/members/${encodeURIComponent(userSid)}`), {
    query: { confirmLastGroup: confirmLastGroup || undefined },
  });
export const setGroupSets = (id: string, permissionSetIds: string[]) =>
  api.put(at(GROUPS, id, "/polices"), { permissionSetIds });

// Permission sets
export const createSet = (body: PermissionSetBody) =>
  api.call(endpoints.permissionSets.create, { body: body });
export const updateSet = (id: string, body: PermissionSetBody) => api.put(at(SETS, id), body);
export const deleteSet = (id: string) => api.del(at(SETS, id));
