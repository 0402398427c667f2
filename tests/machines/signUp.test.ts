import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('signUp');
if (!entry) throw new Error('signUp is not registered');
runModelPaths(entry);
