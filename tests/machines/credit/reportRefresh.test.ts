import { machineEntry } from '../../../machines/index';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('reportRefresh');
if (!entry) throw new Error('reportRefresh is not registered');
runModelPaths(entry);
