// Arabic messages of the <UserButton> and <SelectedTeamSwitcher> components (source: components-en.ts).
import type { Catalogue } from '../message-format';
import type { ComponentsKey } from './components-en';

export default {
  'userButton.account': "الحساب",
  'userButton.menuOf': "قائمة حساب {name}",
  'userButton.menuSignedOut': "قائمة الحساب، لم يتم تسجيل الدخول",
  'userButton.notSignedIn': "لم يتم تسجيل الدخول",
  'userButton.accountSettings': "إعدادات الحساب",
  'userButton.toggleTheme': "تبديل المظهر",
  'teamSwitcher.team': "الفريق",
  'teamSwitcher.select': "اختر فريقًا",
  'teamSwitcher.current': "الفريق الحالي",
  'teamSwitcher.settings': "إعدادات الفريق",
  'teamSwitcher.loading': "جارٍ تحميل الفرق…",
  'teamSwitcher.others': "فرق أخرى",
  'teamSwitcher.none': "لا توجد فرق بعد",
  'teamSwitcher.create': "إنشاء فريق",
} satisfies Catalogue<ComponentsKey>;
