// Korean messages of the image crop dialog (source: image-crop-en.ts).
import type { Catalogue } from '../message-format';
import type { ImageCropKey } from './image-crop-en';

export default {
  'image.crop': "이미지 자르기",
  'image.cropText': "그림을 드래그하거나 화살표 키로 옮기고, 슬라이더로 확대/축소하세요.",
  'image.cropArea': "자르기 영역",
  'image.zoom': "확대/축소",
  'image.invalid': "잘못된 이미지입니다",
  'image.notJpeg': "올바른 JPEG가 아닙니다",
  'image.tiffEndian': "TIFF 헤더의 바이트 순서가 잘못되었습니다",
  'image.tiffVersion': "TIFF 헤더의 버전이 잘못되었습니다",
  'image.orientationType': "방향 데이터의 형식이 잘못되었습니다",
  'image.orientationCount': "방향 데이터의 개수가 잘못되었습니다",
  'image.tooLarge': "이미지를 0.1MB로 압축하지 못했습니다.",
} satisfies Catalogue<ImageCropKey>;
