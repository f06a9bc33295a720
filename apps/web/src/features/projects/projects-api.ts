// Project calls of the resource API (spec §7 "projects") and their cache keys.
import type { ProjectBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const projectKey = (projectId: string | null) => ["project", projectId] as const;

export const projectsApi = {
  create: (body: ProjectBody) => api.call(endpoints.projects.create, { body: body }),
  update: (projectId: string, body: ProjectBody) =>
    api.call(endpoints.projects.update, { params: { projectId }, body }),
  remove: (projectId: string) => api.call(endpoints.projects.remove, { params: { projectId } }),
  addMembers: (projectId: string, userSids: string[]) =>
    api.call(endpoints.projects.addMembers, { params: { projectId }, body: { userSids } }),
  removeMember: (projectId: string, userSid: string) =>
    api.call(endpoints.projects.removeMember, { params: { projectId, userSid } }),
};

/** One project with its members, while `projectId` is set. */
export function useProject(projectId: string | null) {
  return useQuery({
    queryKey: projectKey(projectId),
    queryFn: () => api.call(endpoints.projects.get, { params: { projectId: projectId! } }),
    enabled: projectId !== null,
  });
}

/** After a change: the list (paged query keys start with "ops") and the project itself reload. */
export function useRefreshProjects() {
  const client = useQueryClient();
  return async (projectId?: string) => {
    await client.invalidateQueries({ queryKey: ["ops", "projects"] });
    if (projectId) await client.invalidateQueries({ queryKey: projectKey(projectId) });
  };
}
