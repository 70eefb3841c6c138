import { describe, expect, it } from 'vitest';
import {
  adminSectionGroups,
  adminSections,
  isCurrentSection,
  sectionGroupsFor,
} from '@/components/admin/admin-sections';
import { isWhollyInView } from '@/components/admin/bring-into-view';
import {
  busiestEvents,
  eventActivity,
  type CategoryFigures,
} from '@/components/admin/operations/busiest-events';

/* The console's parts that decide what a phone shows: the menu's groups, the dashboard's events, the gate. */

function category(id: number, events: [string, number, number][]): CategoryFigures {
  const counts = events.map(([eventName, registrations, participants], i) => ({
    eventId: id * 100 + i,
    eventName,
    registrations,
    participants,
  }));
  return {
    categoryId: id,
    categoryName: `Category ${id}`,
    registrations: counts.reduce((sum, e) => sum + e.registrations, 0),
    participants: counts.reduce((sum, e) => sum + e.participants, 0),
    events: counts,
  };
}

describe('console menu', () => {
  it('puts Check-in first among the festival day sections, right after the dashboard', () => {
    expect(adminSections.slice(0, 2).map((s) => s.label)).toEqual(['Dashboard', 'Check-in']);
    expect(adminSectionGroups.map((g) => g.label)).toEqual([
      'Overview',
      'Festival day',
      'After the events',
      'Content',
      'Records',
    ]);
  });

  it('lists every section once', () => {
    const hrefs = adminSections.map((s) => s.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs).toHaveLength(21);
  });

  it('leaves the admins-only People out for organisers, keeping it for admins', () => {
    const labels = (role: string) => sectionGroupsFor(role).flatMap((g) => g.sections.map((s) => s.label));
    expect(labels('organiser')).not.toContain('People');
    expect(labels('organiser')).toHaveLength(20);
    expect(labels('admin')).toContain('People');
  });

  it('shows volunteers only the scanning screens', () => {
    const labels = sectionGroupsFor('volunteer').flatMap((g) => g.sections.map((s) => s.label));
    expect(labels).toEqual(['Check-in', 'Attendance']);
  });

  it('marks the dashboard current only at /admin, and a section on its own pages', () => {
    const section = (href: string) => adminSections.find((s) => s.href === href)!;
    expect(isCurrentSection(section('/admin'), '/admin')).toBe(true);
    expect(isCurrentSection(section('/admin'), '/admin/payments')).toBe(false);
    expect(isCurrentSection(section('/admin/waiting-lists'), '/admin/waiting-lists/option/3')).toBe(true);
    expect(isCurrentSection(section('/admin/content/events'), '/admin/content/events-archive')).toBe(false);
  });
});

describe('dashboard events', () => {
  const categories = [
    category(1, [
      ['Quidditch', 0, 0],
      ['Duelling', 3, 6],
      ['Potions', 1, 1],
    ]),
    category(2, [
      ['Charms', 3, 9],
      ['Herbology', 0, 0],
      ['Astronomy', 1, 1],
    ]),
  ];

  it('names only events with registrations, the most first, then the most participants, then menu order', () => {
    expect(busiestEvents(categories).map((e) => `${e.eventName} (${e.categoryName})`)).toEqual([
      'Charms (Category 2)',
      'Duelling (Category 1)',
      'Potions (Category 1)',
      'Astronomy (Category 2)',
    ]);
  });

  it('names at most the limit', () => {
    expect(busiestEvents(categories, 2).map((e) => e.eventName)).toEqual(['Charms', 'Duelling']);
    expect(busiestEvents([category(3, [['Empty', 0, 0]])])).toEqual([]);
  });

  it('counts the events with registrations against all of them', () => {
    expect(eventActivity(categories)).toEqual({ active: 4, total: 6 });
    expect(eventActivity([])).toEqual({ active: 0, total: 0 });
  });
});

describe('check-in result on screen', () => {
  it('is in view only when wholly between the fixed header and the bottom edge', () => {
    expect(isWhollyInView({ top: 100, bottom: 400 }, 780, 80)).toBe(true);
    expect(isWhollyInView({ top: 60, bottom: 400 }, 780, 80)).toBe(false);
    expect(isWhollyInView({ top: 600, bottom: 900 }, 780, 80)).toBe(false);
    expect(isWhollyInView({ top: -300, bottom: 10 }, 780, 80)).toBe(false);
  });
});
