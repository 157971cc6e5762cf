package dev.jdtrace.programs.openworld.lib;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;

/** The traced handler behind a dynamic proxy. */
public final class GreeterHandler implements InvocationHandler {
    private final String greeting;

    public GreeterHandler(String greeting) {
        this.greeting = greeting;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        if (method.getName().equals("greet")) {
            return greeting + " " + args[0];
        }
        return null;
    }
}
