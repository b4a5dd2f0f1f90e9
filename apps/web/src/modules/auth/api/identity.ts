import { http } from '../../../shared/api/http';
import type { LoginRequest, LoginResponse } from '../types';

/** POST /api/identity/login (spec 01 §7). */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return http.post<LoginResponse>('/api/identity/login', body);
}

/** PUT /api/identity/language: saves the signed-in user's language (alert mails are written in it). */
export function saveLanguage(language: string): Promise<{ language: string }> {
  return http.put<{ language: string }>('/api/identity/language', { language });
}

/** GET /api/identity/logout/{userName} (spec 02 §7). */
export function logout(userName: string): Promise<unknown> {
  return http.get<unknown>(`/api/identity/logout/${encodeURIComponent(userName)}`);
}
