import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataSourceProjects } from '../../data-source/hooks/useProjects';
import { adminApi, adminKeys } from '../api/admin';
import type { CreateUserBody } from '../types';
import { AUDIT_PAGE, nextAuditCursor, targetNames } from '../utils/admin';

export function useAdminUsers() {
  return useQuery({ queryKey: adminKeys.users, queryFn: adminApi.users, staleTime: 0 });
}

export function useAdminRoles() {
  return useQuery({ queryKey: adminKeys.roles, queryFn: adminApi.roles, staleTime: 60_000 });
}

export function useUserGrants(userId: string | undefined) {
  return useQuery({ queryKey: adminKeys.grants(userId ?? ''), queryFn: () => adminApi.grants(userId!), enabled: Boolean(userId), staleTime: 0 });
}

/** The audit log, newest first, a page at a time. */
export function useAuditLog(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam }) => adminApi.audit(AUDIT_PAGE, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => nextAuditCursor(last, AUDIT_PAGE),
    enabled,
    staleTime: 0,
  });
}

/** The writes of the users tab; each refetches the users, the roles' counts and the audit log. */
export function useUserMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return {
    create: useMutation({ mutationFn: (body: CreateUserBody) => adminApi.createUser(body), onSettled: refresh }),
    setDisabled: useMutation({ mutationFn: ({ userId, disabled }: { userId: string; disabled: boolean }) => adminApi.setDisabled(userId, disabled), onSettled: refresh }),
    resetPassword: useMutation({ mutationFn: ({ userId, password }: { userId: string; password: string }) => adminApi.resetPassword(userId, password), onSettled: refresh }),
    setRoles: useMutation({ mutationFn: ({ userId, roleIds }: { userId: string; roleIds: string[] }) => adminApi.setRoles(userId, roleIds), onSettled: refresh }),
  };
}

/** Names of sources and users, for the objects of grants and audit entries (the admin sees every source). */
export function useTargetNames() {
  const projects = useDataSourceProjects();
  const users = useAdminUsers();
  return useMemo(() => targetNames((projects.data ?? []).flatMap((p) => p.dataSources), users.data ?? []), [projects.data, users.data]);
}
