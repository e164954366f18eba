/** 'm:ss' left until `expiresAt` (epoch ms), or '' once it has passed. */
export function holdRemaining(expiresAt: number, now: number): string {
  const left = Math.ceil((expiresAt - now) / 1000);
  if (left <= 0) return '';
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}
