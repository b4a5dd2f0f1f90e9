import { useMutation } from '@tanstack/react-query';
import { login } from '../api/identity';
import type { LoginRequest, LoginResponse } from '../types';

/** Runs POST /api/identity/login; the caller decides what a token code means. */
export function useLogin() {
  return useMutation<LoginResponse, Error, LoginRequest>({
    mutationFn: login,
  });
}
