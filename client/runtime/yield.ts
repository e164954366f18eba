/**
 * Gives the main thread back to the browser (input, paint) and resumes in a later task:
 * `scheduler.yield()` where the browser has it (the continuation keeps its priority), else a
 * MessageChannel message (a new task without setTimeout's 4 ms clamp).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
