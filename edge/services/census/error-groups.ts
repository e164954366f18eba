/** SPEC §9: stacks are cut at 5000 characters (by the reporter, and again here). */
export const MAX_STACK_CHARS = 5000;
export const MAX_MESSAGE_CHARS = 500;
const MAX_FRAME_CHARS = 500;

/**
 * The first frame of a stack: the first line that looks like a frame (`at ...` in V8,
 * `fn@url:1:2` in Firefox and Safari), trimmed. Errors group by message and this frame.
 */
export function firstStackFrame(stack: string): string {
  for (const line of stack.split('\n')) {
    const t = line.trim();
    if (t.startsWith('at ') || /@.+:\d+/.test(t)) return t.slice(0, MAX_FRAME_CHARS);
  }
  return '';
}

/** A stable id of an error group (hex SHA-256 of message and first frame). */
export async function errorFingerprint(message: string, firstFrame: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${message}\n${firstFrame}`));
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}
