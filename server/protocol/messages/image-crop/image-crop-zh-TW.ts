// Traditional Chinese messages of the image crop dialog (source: image-crop-en.ts).
import type { Catalogue } from '../message-format';
import type { ImageCropKey } from './image-crop-en';

export default {
  'image.crop': "裁切圖片",
  'image.cropText': "拖曳圖片或使用方向鍵移動；用滑桿縮放。",
  'image.cropArea': "裁切範圍",
  'image.zoom': "縮放",
  'image.invalid': "圖片無效",
  'image.notJpeg': "不是有效的 JPEG",
  'image.tiffEndian': "TIFF 標頭的位元組順序無效",
  'image.tiffVersion': "TIFF 標頭的版本無效",
  'image.orientationType': "方向資料的類型無效",
  'image.orientationCount': "方向資料的數量無效",
  'image.tooLarge': "無法將圖片壓縮到 0.1 MB。",
} satisfies Catalogue<ImageCropKey>;
