// Checks what the three builds of invoker.properties did, from the project and its build.log.
def golden = new File(basedir, 'src/test/jdtrace/golden.trace')
assert golden.isFile() : 'jdtrace:update wrote the golden trace'
def log = new File(basedir, 'build.log').text
assert log.contains('golden trace updated')
assert log.contains('the traces are equal')
// The failing build names the first divergence at source level, with the way to accept it.
assert log =~ /thread main: first difference at entry #\d+ of A and #\d+ of B/
assert log =~ /#\d+  sample\.Main\.size \(Main\.java:\d+\) bci \d+-\d+/
assert log =~ /at sample\.Main\.main\(Main\.java:\d+\)/
assert log.contains('the trace differs from the golden trace')
assert log.contains('mvn package jdtrace:update')
return true
