import { machines } from '../../machines';
import type { MachineEntry } from '../../machines/registry';

// Every registered machine, in the registry's order. The registry may be an array or a record of entries;
// the tools accept either so machines/index.ts can choose.
export const registeredMachines: readonly MachineEntry[] = Array.isArray(machines) ? machines : Object.values(machines);

export function findMachine(id: string | null | undefined): MachineEntry | undefined {
  return registeredMachines.find((entry) => entry.id === id);
}
