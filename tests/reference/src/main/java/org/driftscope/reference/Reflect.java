// Reflection helpers: MM2's classes are package-private, and their test constructors and methods
// change from release to release, so the driver finds them by name and shape at run time.
package org.driftscope.reference;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

final class Reflect {
    private Reflect() {}

    static final String MM2 = "org.apache.kafka.connect.mirror.";

    static Class<?> mm2Class(String simpleName) {
        return load(MM2 + simpleName);
    }

    static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("class " + name + " is not in this release", e);
        }
    }

    static boolean exists(String name) {
        try {
            Class.forName(name);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    // The declared method of that name and parameter count, searched up the class hierarchy.
    static Method method(Class<?> type, String name, int parameters) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == parameters && !m.isSynthetic()) {
                    m.setAccessible(true);
                    return m;
                }
            }
        }
        return null;
    }

    static Method requireMethod(Class<?> type, String name, int parameters) {
        Method m = method(type, name, parameters);
        if (m == null)
            throw new IllegalStateException(type.getName() + " has no method " + name + " with " + parameters
                    + " parameters in this release");
        return m;
    }

    static Object invoke(Method m, Object target, Object... args) {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException)
                throw (RuntimeException) cause;
            if (cause instanceof Error)
                throw (Error) cause;
            throw new MirrorException(cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    static Field field(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException ignored) {
                // look in the superclass
            }
        }
        return null;
    }

    static Object get(Object target, String name) {
        Field f = field(target.getClass(), name);
        if (f == null)
            throw new IllegalStateException(target.getClass().getName() + " has no field " + name);
        try {
            return f.get(target);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    // Sets the field when the class has it; returns whether it had.
    static boolean set(Object target, String name, Object value) {
        Field f = field(target.getClass(), name);
        if (f == null)
            return false;
        try {
            f.set(target, value);
            return true;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    // Non-public constructors first, most parameters first: the constructor "for testing".
    static List<Constructor<?>> testConstructors(Class<?> type) {
        List<Constructor<?>> out = new ArrayList<>();
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            c.setAccessible(true);
            out.add(c);
        }
        out.sort((a, b) -> Integer.compare(b.getParameterCount(), a.getParameterCount()));
        return out;
    }

    // The constructor for tests of an MM2 task: the one with the most parameters.
    static Constructor<?> taskTestConstructor(Class<?> type) {
        for (Constructor<?> c : testConstructors(type))
            if (c.getParameterCount() > 0)
                return c;
        throw new IllegalStateException("no " + type.getSimpleName() + " constructor for tests in this release");
    }

    static Object construct(Constructor<?> c, Object... args) {
        try {
            return c.newInstance(args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException)
                throw (RuntimeException) cause;
            throw new IllegalStateException(cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    // An MM2 method threw a checked exception (ExecutionException, InterruptedException).
    static final class MirrorException extends RuntimeException {
        MirrorException(Throwable cause) {
            super(cause);
        }
    }
}
