// Checks what the three builds of invoker.properties did, from the project and its build.log.
def golden = new File(basedir, 'src/test/jdtrace/golden.trace')
assert golden.isFile() : 'jdtrace:update wrote the golden trace'
def log = new File(basedir, 'build.log').text
assert log.contains('golden trace updated')
// Build 2: main's loop ran once instead of three times, but only size's calls are traced: equal.
assert log.contains('the traces are equal')
assert log.contains('(the calls of sample.Main.size)')
// Build 3: size took another branch.
assert log =~ /#\d+  sample\.Main\.size \(Main\.java:\d+\) bci \d+-\d+/
assert log.contains('the trace of the calls of sample.Main.size differs from the golden trace')
return true
