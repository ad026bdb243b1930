// Arabic messages of the account settings (source: en.ts).
import type { Catalogue } from '../message-format';
import type { SettingsKey } from './settings-en';

export default {
  'settings.title': "إعدادات الحساب",
  'settings.profile': "ملفي الشخصي",
  'settings.security': "الأمان",
  'settings.connectedApps': "التطبيقات المتصلة",
  'settings.signOut': "تسجيل الخروج",
  'settings.teams': "الفرق",
  'settings.createTeam': "إنشاء فريق",
  'settings.close': "إغلاق",
  'settings.edit': "تعديل",
  'settings.save': "حفظ",
  'settings.cancel': "إلغاء",
  'profile.imageHeading': "صورة الملف الشخصي",
  'profile.imageText': "انقر على الصورة لرفع صورة جديدة.",
  'profile.changeImage': "تغيير صورة الملف الشخصي",
  'profile.displayName': "الاسم المعروض",
  'profile.displayNameText': "هكذا يراك الآخرون.",
  'profile.editDisplayName': "تعديل الاسم المعروض",
  'profile.notSet': "غير محدد",
  'profile.displayNameSaved': "تم حفظ الاسم المعروض.",
  'profile.language': "اللغة",
  'profile.languageText': "لغة هذه الشاشات والرسائل التي نرسلها إليك.",
  'profile.languageAutomatic': "تلقائي ({language})",
  'profile.languageSaved': "تم حفظ اللغة.",
  'profile.memberSince': "عضو منذ {date}",
  'signOut.text': "سجّل الخروج من حسابك على هذا الجهاز.",
  'settings.editLabel': "تعديل {label}",
} satisfies Catalogue<SettingsKey>;
