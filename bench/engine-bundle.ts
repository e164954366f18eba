/** Entry of dist/engine-bench.mjs: the engine and its workloads, for timing against other engines. */
export * from './workloads.js';
