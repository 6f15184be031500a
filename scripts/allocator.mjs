/**
 * glibc's allocator settings for the server process. By default glibc raises its mmap threshold each time a
 * large block is freed, after which large buffers (sharp's image decodes and encodes) come from the heap and
 * stay resident when freed: the demo set's 30 portraits (120 image operations) kept ~160 MB of the server's
 * RSS. A fixed threshold (glibc's starting value, 128 KiB) maps every large block on its own and unmaps it
 * when freed. glibc reads these at process start, so `npm start` runs the server in a child that has them
 * (scripts/start.mjs); the Dockerfile sets the same, and the bench starts its servers with them
 * (tests/unit/runtime-flags.test.ts). Other C libraries ignore them.
 */
export const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };
