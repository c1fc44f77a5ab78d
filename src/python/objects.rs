//! The Python API's result objects (`mojifix.Finding`, `mojifix.Step`), made by the bindings.
//!
//! They are frozen, slotted dataclasses, whose `__init__` sets each field through
//! `object.__setattr__`, a call from Python each: making them took longer than the analysis of
//! a damaged document that has a hundred of them. A [`Maker`] makes one as `object.__new__`
//! does and sets its fields as `object.__setattr__` does, from C: the same object (decision note
//! 0083).

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};

/// Makes instances of one class, setting the `N` fields of `names` in their order.
pub struct Maker<'a, 'py, const N: usize> {
    class: Bound<'py, PyType>,
    names: [&'a Bound<'py, PyString>; N],
}

impl<'a, 'py, const N: usize> Maker<'a, 'py, N> {
    /// A maker of `class`'s instances with these fields (interned once: `pyo3::intern!`), each
    /// a slot or an attribute of it.
    pub fn new(class: Bound<'py, PyType>, names: [&'a Bound<'py, PyString>; N]) -> Self {
        Maker { class, names }
    }

    /// An instance whose fields are `values`, in the order of the maker's names.
    pub fn make(&self, values: [Bound<'py, PyAny>; N]) -> PyResult<Bound<'py, PyAny>> {
        let py = self.class.py();
        let no_arguments = PyTuple::empty(py);
        // SAFETY: `object.__new__(class)`: `PyBaseObject_Type`'s `tp_new` (always set) with a
        // type and an empty argument tuple returns a new reference to an instance, or null
        // with an exception set.
        let object = unsafe {
            let new = (*std::ptr::addr_of!(ffi::PyBaseObject_Type)).tp_new.expect("object.__new__");
            let made = new(self.class.as_type_ptr(), no_arguments.as_ptr(), std::ptr::null_mut());
            Bound::from_owned_ptr_or_err(py, made)?
        };
        for (name, value) in self.names.iter().zip(values) {
            // SAFETY: `object.__setattr__(object, name, value)` on live objects: 0, or -1 with
            // an exception set. (The class's own `__setattr__` refuses: it is frozen.)
            let status = unsafe {
                ffi::PyObject_GenericSetAttr(object.as_ptr(), name.as_ptr(), value.as_ptr())
            };
            if status != 0 {
                return Err(PyErr::fetch(py));
            }
        }
        Ok(object)
    }
}
