'use client';

import { useState } from 'react';
import { useToast } from '@/components/toast/toast-provider';
import { api, messageOf } from '@/lib/api-client';
import { roles, type Role } from '@/lib/roles';

/** A person's role as a select that saves on change; the server's refusal (the last admin) is shown. */
export function RolePicker({ userId, email, role }: { userId: string; email: string; role: Role }) {
  const [current, setCurrent] = useState<Role>(role);
  const [saving, setSaving] = useState(false);
  const { toast } = useToast();

  async function change(next: Role) {
    setSaving(true);
    try {
      await api.patch(`/api/admin/users/${userId}/role`, { role: next });
      setCurrent(next);
      toast({ title: `${email} is now ${next}.`, variant: 'success' });
    } catch (error) {
      toast({ title: messageOf(error, 'The role could not be changed.'), variant: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <select
      aria-label={`Role of ${email}`}
      value={current}
      disabled={saving}
      onChange={(e) => void change(e.target.value as Role)}
      className="rounded border border-gold/40 bg-ink px-2 py-1 text-parchment"
    >
      {roles.map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </select>
  );
}
