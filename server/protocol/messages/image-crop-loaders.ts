// Where each locale's messages of the image crop dialog are (see catalogue-loaders.ts): a
// module of its own, loaded when the dialog opens.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { ImageCropKey } from './image-crop/image-crop-en';

export const imageCropLoaders: CatalogueLoaders<ImageCropKey> = {
  en: () => import('./image-crop/image-crop-en'),
  de: () => import('./image-crop/image-crop-de'),
  es: () => import('./image-crop/image-crop-es'),
  fr: () => import('./image-crop/image-crop-fr'),
  it: () => import('./image-crop/image-crop-it'),
  ja: () => import('./image-crop/image-crop-ja'),
  ko: () => import('./image-crop/image-crop-ko'),
  'pt-BR': () => import('./image-crop/image-crop-pt-BR'),
  'zh-CN': () => import('./image-crop/image-crop-zh-CN'),
  'zh-TW': () => import('./image-crop/image-crop-zh-TW'),
  ar: () => import('./image-crop/image-crop-ar'),
};
