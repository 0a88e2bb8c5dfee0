/**
 * Where JSON answers are written: slices of a shared slab rather than one new buffer each.
 * `Buffer.from(text)` takes a slice of Node's 8 KiB pool only for texts under 4 KiB; larger
 * answers (a list of 100 block hashes is 5.3 KB) each got a buffer of their own, whose
 * allocation, release and colder memory cost more per request than encoding the text. Slices
 * are never written twice (the slab is only filled forwards and replaced when full), so a
 * slice still queued on a slow socket stays intact; a slab is freed once its last slice is.
 */

/** Size of one slab. */
const SLAB_BYTES = 256 * 1024;
/** Texts that may need more than this get a buffer of their own, so one answer never wastes most of a slab. */
const LARGEST_SLICE = SLAB_BYTES / 8;

let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let used = 0;

/** `text` in UTF-8 (a JSON answer's text). */
export function utf8Bytes(text: string): Buffer {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  const room = text.length * 3;
  if (room > LARGEST_SLICE) return Buffer.from(text, "utf8");
  if (used + room > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    used = 0;
  }
  const start = used;
  const end = start + slab.write(text, start);
  // Slices start 8-byte aligned, as Node's pool aligns them.
  used = (end + 7) & ~7;
  return slab.subarray(start, end);
}
