// Test helper: gives a JPEG an EXIF orientation, the way phone cameras store a turned picture —
// an APP1 "Exif" segment (big-endian TIFF header, one IFD entry: tag 0x0112, SHORT, count 1)
// inserted right after the start-of-image marker. Also builds the broken variants the upload
// must refuse with their own messages.

export interface ExifOptions {
  orientation: number;
  /** 'MM' is valid; anything else exercises the invalid-endian message. */
  byteOrder?: string;
  version?: number;
  valueType?: number;
  count?: number;
}

export function exifSegment(options: ExifOptions): Uint8Array {
  const tiff = new Uint8Array(26);
  const view = new DataView(tiff.buffer);
  const order = options.byteOrder ?? 'MM';
  tiff[0] = order.charCodeAt(0);
  tiff[1] = order.charCodeAt(1);
  view.setUint16(2, options.version ?? 42);
  view.setUint32(4, 8); // the first IFD follows the 8-byte header
  view.setUint16(8, 1); // one entry
  view.setUint16(10, 0x0112); // Orientation
  view.setUint16(12, options.valueType ?? 3); // SHORT
  view.setUint32(14, options.count ?? 1);
  view.setUint16(18, options.orientation); // a SHORT value sits in the first two bytes of the field
  view.setUint32(22, 0); // no next IFD
  const exifHeader = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00];
  const length = 2 + exifHeader.length + tiff.length;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...exifHeader, ...tiff]);
}

/** `jpeg` with an EXIF segment placed right after its SOI marker. */
export function withExif(jpeg: Uint8Array, options: ExifOptions): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  return new Uint8Array([...jpeg.subarray(0, 2), ...exifSegment(options), ...jpeg.subarray(2)]);
}
