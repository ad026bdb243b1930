// My Profile: the circular profile image (click to pick a file, then crop it), the display name
// with inline Save and Cancel, and the language of the screens and emails (the user's stored
// locale), with the date the account was made written the locale's way.
import { useId, useState } from 'react';
import { useAuthRuntime } from '../auth-context';
import { useUser } from '../hooks';
import { Avatar } from './avatar';
import { InlineTextEdit } from './inline-text-edit';
import { ImagePicker } from './image-picker';
import { sectionClass, sectionTextClass, sectionTitleClass } from './settings-styles';
import { inputClass } from '../components/styles';
import { useSettingsT } from '../i18n/messages-context';
import { browserLanguages, chooseLocale } from '../i18n/locale-choice';
import { supportedLocales } from '../../../server/protocol/locales';
import { localeNames } from '../../../server/protocol/locale-names';

export function ProfilePage() {
  const runtime = useAuthRuntime();
  const t = useSettingsT();
  const user = useUser({ or: 'redirect' });
  const [saved, setSaved] = useState<'name' | 'language' | null>(null);
  const [languageError, setLanguageError] = useState<string | null>(null);
  const languageId = useId();
  // What "Automatic" stands for: the browser's language, else English.
  const automatic = chooseLocale({ requested: browserLanguages() });
  const memberSince = new Intl.DateTimeFormat(t.locale, { dateStyle: 'long' }).format(user.signedUpAt);
  return (
    <>
      <div className={sectionClass}>
        <div>
          <h3 className={sectionTitleClass}>{t('profile.imageHeading')}</h3>
          <p className={sectionTextClass}>{t('profile.imageText')}</p>
        </div>
        <ImagePicker
          label={t('profile.changeImage')}
          onCropped={async (dataUrl) => {
            await runtime.client.updateCurrentUser({ profileImageUrl: dataUrl });
            await runtime.reloadUser();
          }}
        >
          <Avatar imageUrl={user.profileImageUrl} name={user.displayName ?? user.primaryEmail} size={72} initials={2} />
        </ImagePicker>
        <p className={sectionTextClass} data-testid="member-since">
          {t('profile.memberSince', { date: memberSince })}
        </p>
      </div>
      <div className={sectionClass}>
        <InlineTextEdit
          label={t('profile.displayName')}
          name="display-name"
          editLabel={t('profile.editDisplayName')}
          description={t('profile.displayNameText')}
          value={user.displayName ?? ''}
          emptyText={t('profile.notSet')}
          onSave={async (displayName) => {
            setSaved(null);
            await runtime.client.updateCurrentUser({ displayName: displayName.trim() === '' ? null : displayName.trim() });
            await runtime.reloadUser();
            setSaved('name');
          }}
        />
        {saved === 'name' && (
          <p className={sectionTextClass} role="status">
            {t('profile.displayNameSaved')}
          </p>
        )}
      </div>
      <div className={sectionClass}>
        <div>
          <h3 className={sectionTitleClass}>
            <label htmlFor={languageId}>{t('profile.language')}</label>
          </h3>
          <p className={sectionTextClass}>{t('profile.languageText')}</p>
        </div>
        <select
          id={languageId}
          className={inputClass}
          name="locale"
          data-testid="locale-select"
          value={user.locale ?? ''}
          onChange={(event) => {
            const locale = event.currentTarget.value || null;
            setSaved(null);
            setLanguageError(null);
            void runtime.client
              .updateCurrentUser({ locale })
              .then(() => runtime.reloadUser())
              .then(
                () => setSaved('language'),
                // The server's own words: a refused locale is a schema error, not one a person can fix
                // here; importing the forms' messages for it would add a chunk to this page's load.
                (failure: unknown) => setLanguageError(failure instanceof Error ? failure.message : String(failure)),
              );
          }}
        >
          <option value="">{t('profile.languageAutomatic', { language: localeNames[automatic] })}</option>
          {supportedLocales.map((locale) => (
            // Each language in its own name and script, so a person finds theirs whatever is shown.
            <option key={locale} value={locale} lang={locale}>
              {localeNames[locale]}
            </option>
          ))}
        </select>
        {saved === 'language' && (
          <p className={sectionTextClass} role="status">
            {t('profile.languageSaved')}
          </p>
        )}
        {languageError && (
          <p className={sectionTextClass} role="alert">
            {languageError}
          </p>
        )}
      </div>
    </>
  );
}
