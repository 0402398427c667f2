import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('signIn');
if (!entry) throw new Error('signIn is not registered');
runModelPaths(entry);
