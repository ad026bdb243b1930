// Arabic messages of the image crop dialog (source: image-crop-en.ts).
import type { Catalogue } from '../message-format';
import type { ImageCropKey } from './image-crop-en';

export default {
  'image.crop': "اقتصاص الصورة",
  'image.cropText': "اسحب الصورة أو استخدم مفاتيح الأسهم لتحريكها، وكبّرها أو صغّرها بشريط التمرير.",
  'image.cropArea': "منطقة الاقتصاص",
  'image.zoom': "التكبير",
  'image.invalid': "صورة غير صالحة",
  'image.notJpeg': "ليس ملف JPEG صالحًا",
  'image.tiffEndian': "ترتيب البايتات في ترويسة TIFF غير صالح",
  'image.tiffVersion': "إصدار ترويسة TIFF غير صالح",
  'image.orientationType': "نوع بيانات الاتجاه غير صالح",
  'image.orientationCount': "عدد بيانات الاتجاه غير صالح",
  'image.tooLarge': "تعذّر ضغط الصورة إلى 0.1 ميغابايت.",
} satisfies Catalogue<ImageCropKey>;
