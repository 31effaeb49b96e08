/**
 * Returns `value` when it is a same-site path ("/dashboard/profile?x=1"),
 * otherwise `fallback`. Guards every post-login redirect against open redirects
 * ("//evil.example", "https://evil.example", "/\\evil.example", "javascript:").
 */
export function safeReturnTo(value: unknown, fallback = '/dashboard/agents'): string {
  if (typeof value !== 'string') return fallback;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(path)) return fallback;
  return path;
}
