import { machineEntries } from '../../machines';
import type { MachineEntry } from '../../machines/registry';

// Every registered machine, in the registry's order (machines/index.ts). The tools read machines only
// through this list, so a machine added there appears everywhere without changes here.
export const registeredMachines: readonly MachineEntry[] = machineEntries;

export function findMachine(id: string | null | undefined): MachineEntry | undefined {
  return registeredMachines.find((entry) => entry.id === id);
}
