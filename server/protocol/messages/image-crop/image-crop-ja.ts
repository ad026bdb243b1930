// Japanese messages of the image crop dialog (source: image-crop-en.ts).
import type { Catalogue } from '../message-format';
import type { ImageCropKey } from './image-crop-en';

export default {
  'image.crop': "画像を切り抜く",
  'image.cropText': "画像をドラッグするか矢印キーで動かし、スライダーで拡大・縮小します。",
  'image.cropArea': "切り抜き範囲",
  'image.zoom': "ズーム",
  'image.invalid': "画像が無効です",
  'image.notJpeg': "有効な JPEG ではありません",
  'image.tiffEndian': "TIFF ヘッダーのバイト順が無効です",
  'image.tiffVersion': "TIFF ヘッダーのバージョンが無効です",
  'image.orientationType': "向き情報のデータ型が無効です",
  'image.orientationCount': "向き情報のデータ数が無効です",
  'image.tooLarge': "画像を 0.1 MB まで圧縮できませんでした。",
} satisfies Catalogue<ImageCropKey>;
