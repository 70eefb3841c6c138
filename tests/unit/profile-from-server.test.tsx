import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NotificationsSection } from '@/components/notifications/notifications-section';
import type { MyNotifications } from '@/components/notifications/notifications-api';
import { FestivalPass } from '@/components/profile/festival-pass';
import { currentForMs, isCurrent, startsFromCopy, type ServerCopy } from '@/components/profile/from-server';
import { MyCertificatesSection } from '@/components/profile/my-certificates';
import { MyWaitingListsSection } from '@/components/profile/waiting-lists';
import type { MyPass } from '@/lib/schemas/passes';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';

/*
 * /profile's sections as the page renders them with its copy of their data: the markup of the first
 * render is the document a slow phone paints before any script, and what hydration must find again.
 */

const renderedAt = Date.parse('2027-02-20T10:00:00Z');
const copy = <T,>(value: T): ServerCopy<T> => ({ value, renderedAt });
const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

const pass: MyPass = {
  code: 'AB3CD-7EFGH-2JKLM-NPQ4R-STUV5-WXYZ6-89ABC-DEF01',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  status: 'valid',
  name: 'Luna Lovegood',
  college: 'Ravenclaw College',
  events: [{ eventName: 'Robo Race', categoryName: 'Technical', teamName: null }],
  accommodation: null,
};

describe('whether the page’s copy is shown as this moment’s', () => {
  it('is, within a minute of the render, online', () => {
    expect(isCurrent(copy(1), renderedAt + 5_000, true)).toBe(true);
  });

  it('is not from an older document (a kept copy, a tab restored later): the section reads again', () => {
    expect(isCurrent(copy(1), renderedAt + currentForMs + 1, true)).toBe(false);
    expect(isCurrent(copy(1), renderedAt + 3_600_000, true)).toBe(false);
  });

  it('is not offline, however recent: the document is then the worker’s kept copy', () => {
    expect(isCurrent(copy(1), renderedAt + 5_000, false)).toBe(false);
  });

  it('is not when the device’s clock is far behind the server’s, nor without a copy', () => {
    expect(isCurrent(copy(1), renderedAt - currentForMs - 1, true)).toBe(false);
    expect(isCurrent(undefined, renderedAt, true)).toBe(false);
  });
});

describe('a section starting from the page’s copy', () => {
  it('does once per render of the page: shown again (Back, from the router’s cache), it reads again', () => {
    const page = { value: 1, renderedAt: Date.now() };
    expect(startsFromCopy(page, 'pass')).toBe(true);
    expect(startsFromCopy(page, 'timetable')).toBe(true);
    expect(startsFromCopy({ ...page }, 'pass')).toBe(false);
    // The next render of the page (a new visit) is a new copy.
    expect(startsFromCopy({ value: 1, renderedAt: page.renderedAt + 1 }, 'pass')).toBe(true);
  });

  it('does not from an old copy, nor without one', () => {
    expect(startsFromCopy({ value: 1, renderedAt: Date.now() - 2 * currentForMs }, 'plans')).toBe(false);
    expect(startsFromCopy(undefined, 'plans')).toBe(false);
  });
});

describe('a section given the page’s copy, in its first render', () => {
  it('shows the pass itself, not a loader', () => {
    const html = renderToStaticMarkup(<FestivalPass userId="u1" initial={copy({ pass })} />);
    expect(html).not.toContain('role="status"');
    expect(textOf(html)).toContain(pass.code);
    expect(textOf(html)).toContain('Luna Lovegood');
    expect(textOf(html)).toContain('Robo Race');
    expect(html).not.toContain('You are offline');
  });

  it('says how a pass is got when there is none yet (the route’s 404)', () => {
    const html = renderToStaticMarkup(<FestivalPass userId="u1" initial={copy({ pass: null })} />);
    expect(textOf(html)).toContain('You will get a festival pass when you register');
  });

  it('shows the loader without a copy, as before', () => {
    const html = renderToStaticMarkup(<FestivalPass userId="u1" />);
    expect(html).toContain('role="status"');
    expect(textOf(html)).toBe('Loading your festival pass');
  });

  it('shows nothing for no certificates, in the document as after hydration', () => {
    expect(renderToStaticMarkup(<MyCertificatesSection initial={copy([])} />)).toBe('');
    expect(renderToStaticMarkup(<MyCertificatesSection />)).toBe('');
  });

  it('links a waiting list’s offer by its path, which the server knows as well as the browser', () => {
    const entry: MyWaitingEntry = {
      id: 'e1',
      kind: 'merchandise_variant',
      itemId: 3,
      label: 'Festival T-shirt (M)',
      status: 'offered',
      position: null,
      teamName: null,
      emails: ['luna@example.com'],
      joinedAt: '2027-02-18T10:00:00Z',
      offerExpiresAt: '2027-02-21T10:00:00Z',
      offerUrl: 'https://fest.example/merchandise?offer=e1',
    };
    const html = renderToStaticMarkup(<MyWaitingListsSection initial={copy([entry])} />);
    expect(html).toContain('href="/merchandise?offer=e1"');
    expect(renderToStaticMarkup(<MyWaitingListsSection initial={copy([])} />)).toBe('');
  });

  it('draws the notifications with all the server knows, and room for this phone’s button', () => {
    const settings: MyNotifications = {
      pushKey: 'BKey',
      reminderChannel: 'mail',
      devices: [{ id: 'd1', device: 'Chrome on Android', createdAt: '2027-02-18T10:00:00Z' }],
      announcements: [],
    };
    const html = renderToStaticMarkup(<NotificationsSection initial={copy(settings)} />);
    const text = textOf(html);
    expect(text).not.toContain('Loading your notifications');
    expect(text).toContain('Checking this phone…');
    expect(text).toContain('Chrome on Android');
    expect(text).toContain('By mail');
    expect(text).toContain('No announcements for you yet.');
    expect(html).toContain('class="block min-h-12"');
  });

  it('says at once, without the site’s push keys, that notifications are not offered', () => {
    const settings: MyNotifications = {
      pushKey: null,
      reminderChannel: 'mail',
      devices: [],
      announcements: [],
    };
    const text = textOf(renderToStaticMarkup(<NotificationsSection initial={copy(settings)} />));
    expect(text).toContain('Notifications on the phone are not available on this site.');
    expect(text).not.toContain('Checking this phone');
  });
});
