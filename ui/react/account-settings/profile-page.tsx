// My Profile: the circular profile image (click to pick a file, then crop it) and the
// display name with inline Save and Cancel.
import { useState } from 'react';
import { useAuthRuntime } from '../auth-context';
import { useUser } from '../hooks';
import { Avatar } from './avatar';
import { InlineTextEdit } from './inline-text-edit';
import { ImagePicker } from './image-picker';
import { sectionClass, sectionTextClass, sectionTitleClass } from './settings-styles';

export function ProfilePage() {
  const runtime = useAuthRuntime();
  const user = useUser({ or: 'redirect' });
  const [saved, setSaved] = useState(false);
  return (
    <>
      <div className={sectionClass}>
        <div>
          <h3 className={sectionTitleClass}>Profile image</h3>
          <p className={sectionTextClass}>Click the image to upload a new one.</p>
        </div>
        <ImagePicker
          label="Change profile image"
          onCropped={async (dataUrl) => {
            await runtime.client.updateCurrentUser({ profileImageUrl: dataUrl });
            await runtime.reloadUser();
          }}
        >
          <Avatar imageUrl={user.profileImageUrl} name={user.displayName ?? user.primaryEmail} size={72} initials={2} />
        </ImagePicker>
      </div>
      <div className={sectionClass}>
        <InlineTextEdit
          label="Display name"
          description="This is how others see you."
          value={user.displayName ?? ''}
          emptyText="Not set"
          onSave={async (displayName) => {
            setSaved(false);
            await runtime.client.updateCurrentUser({ displayName: displayName.trim() === '' ? null : displayName.trim() });
            await runtime.reloadUser();
            setSaved(true);
          }}
        />
        {saved && (
          <p className={sectionTextClass} role="status">
            Display name saved.
          </p>
        )}
      </div>
    </>
  );
}
