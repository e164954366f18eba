import { KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type SensorDescriptor, type SensorOptions, type UniqueIdentifier } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/**
 * The sensors of the owner app's sortable lists: a pointer drag that starts after 4 px (so a
 * click on a row's button stays a click), and the keyboard (Space, arrows, Space; Escape).
 */
export function useSortSensors(): SensorDescriptor<SensorOptions>[] {
  return useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
}

/**
 * What dnd-kit's live region says while a row moves, each row by its name (`name(id)`):
 * picked up, over another row's place, dropped there or where it was, cancelled.
 */
export function placeAnnouncements(name: (id: UniqueIdentifier | undefined) => string): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${name(over.id)}.` : `${name(active.id)} is no longer over a place.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} was dropped at ${name(over.id)}'s place.` : `${name(active.id)} was dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}
