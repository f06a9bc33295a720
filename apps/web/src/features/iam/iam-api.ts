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
import { endpoints, isOfferedCode } from "@skyledger/contracts";
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

export const iamKeys = {
  user: (id: string) => ["iam", "user", id] as const,
  group: (id: string) => ["iam", "group", id] as const,
  groupOptions: ["iam", "groupOptions"] as const,
  setOptions: ["iam", "setOptions"] as const,
  userOptions: ["iam", "userOptions"] as const,
  catalogue: ["iam", "catalogue"] as const,
};

// Pickers read the first 200 entries: groups and sets of one tenant stay well below that.
const ALL = { pageNum: 1, pageSize: 200 };

export const fetchUser = (id: string) => api.call(endpoints.users.get, { params: { id } });
export const fetchGroup = (id: string) => api.call(endpoints.groups.get, { params: { id } });
/** The codes a custom set may hold, less those of services that do not exist yet (OFFERED_TENANT_CODES). */
export const fetchCatalogue = () =>
  api.call(endpoints.permissionSets.codes).then((codes) => codes.filter((item) => isOfferedCode(item.code)));

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
  api.call(endpoints.users.update, { params: { id }, body });
export const setUserStatus = (id: string, action: "enable" | "disable") =>
  api.call(action === "enable" ? endpoints.users.enable : endpoints.users.disable, { params: { id } });
export const unlockUser = (id: string) => api.call(endpoints.users.unlock, { params: { id } });
export const resetUserPassword = (id: string) => api.call(endpoints.users.resetPassword, { params: { id } });
export const deleteUser = (id: string) => api.call(endpoints.users.remove, { params: { id } });
export const setUserGroups = (id: string, groupIds: string[], confirmLastGroup: boolean) =>
  api.call(endpoints.users.setGroups, { params: { id }, body: { groupIds, confirmLastGroup } });
export const grantUserSet = (id: string, permissionSetId: string) =>
  api.call(endpoints.users.grantPermissionSets, { params: { id }, body: { permissionSetId } });
export const revokeUserSet = (id: string, permissionSetId: string) =>
  api.call(endpoints.users.revokePermissionSets, { params: { id }, query: { permissionSetId } });

// Groups
export const createGroup = (body: UserGroupBody & { permissionSetIds: string[] }) =>
  api.call(endpoints.groups.create, { body: body });
export const updateGroup = (id: string, body: UserGroupBody) =>
  api.call(endpoints.groups.update, { params: { id }, body });
export const deleteGroup = (id: string) =>
  api.call(endpoints.groups.remove, { params: { id }, query: { confirmLastGroup: true } });
export const addGroupMembers = (id: string, userIds: string[]) =>
  api.call(endpoints.groups.addMembers, { params: { id }, body: { userIds } });
export const removeGroupMember = (id: string, userSid: string, confirmLastGroup: boolean) =>
  api.call(endpoints.groups.removeMember, {
    params: { id, userSid },
    query: { confirmLastGroup: confirmLastGroup || undefined },
  });
export const setGroupSets = (id: string, permissionSetIds: string[]) =>
  api.call(endpoints.groups.setPermissionSets, { params: { id }, body: { permissionSetIds } });

// Permission sets
export const createSet = (body: PermissionSetBody) =>
  api.call(endpoints.permissionSets.create, { body: body });
export const updateSet = (id: string, body: PermissionSetBody) =>
  api.call(endpoints.permissionSets.update, { params: { id }, body });
export const deleteSet = (id: string) => api.call(endpoints.permissionSets.remove, { params: { id } });
