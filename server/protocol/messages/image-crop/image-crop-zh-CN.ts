// Simplified Chinese messages of the image crop dialog (source: image-crop-en.ts).
import type { Catalogue } from '../message-format';
import type { ImageCropKey } from './image-crop-en';

export default {
  'image.crop': "裁剪图片",
  'image.cropText': "拖动图片或使用方向键移动；用滑块缩放。",
  'image.cropArea': "裁剪区域",
  'image.zoom': "缩放",
  'image.invalid': "图片无效",
  'image.notJpeg': "不是有效的 JPEG",
  'image.tiffEndian': "TIFF 头的字节序无效",
  'image.tiffVersion': "TIFF 头的版本无效",
  'image.orientationType': "方向数据的类型无效",
  'image.orientationCount': "方向数据的数量无效",
  'image.tooLarge': "无法将图片压缩到 0.1 MB。",
} satisfies Catalogue<ImageCropKey>;
